"""The conversations of every person the Act names."""
