"""The Act as pure code: money, fines (Sec VI), feeding (VII), periods, the lifecycle of a seizure
and of a complaint, sale accounts, the fund. No I/O, no database, no clock: callers import the
module that decides what they need (`law.lifecycle`, `law.accounts` ...)."""
