"""The documents of the Act to print (office/views/documents/kinds.py), who may read each,
the id printed on each (office/views/documents/issued.py) and the links the parties are
given (office/views/documents/links.py)."""
