"""What the Darogah does, one act a module. His notice and auction of impounded cattle (Sec VIII
to XI) are in office/sales.py; here the auction on a Magistrate's recovery order (XVII)."""
