"""What the Magistrate decides and orders, one act a module: complaints (Sec XIV), offences
(XIII), cases (XVII-XIX), releases (VI), recovery orders (XVII), orders for animals
outside the scale (G4), feeding rates (VII), the surplus and the fund (XI, XII)."""
