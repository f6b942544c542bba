"""`python -m pound`: the same as the `pound` command."""

from pound.cli import main

main(prog_name="pound")
