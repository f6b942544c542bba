"""How the office keeps its records: the register's references and counters, the ledger
and its memos, the audit chains and their witness, the outbox and who it names."""
