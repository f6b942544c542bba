"""The acts of persons under the Act, one module per act, in a package per who does it
(docs/design.md, *office/ by one principle*)."""
