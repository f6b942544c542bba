"""The documents of the Act to print: their kinds and what each holds
(office/views/documents/kinds.py), one module per kind of record (seizure.py, hearing.py,
returns.py); `build`, who may read each and the id printed on each
(office/views/documents/issued.py), and the links the parties are given
(office/views/documents/links.py)."""
