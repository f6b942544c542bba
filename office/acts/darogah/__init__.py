"""What the Darogah does, one act a module: the notice and auction of impounded cattle
(Sec VIII-XI), and the auction on a Magistrate's recovery order (XVII)."""
