"""The documents of the Act to print (office/documents/kinds.py), who may read each, the id
printed on each (office/documents/issued.py) and the links the parties are given
(office/documents/links.py)."""
