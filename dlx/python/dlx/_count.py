"""dlx.Count: a number of solutions that says whether it is all of them."""


class Count(int):
    """The solutions that Solver.count() found: an int, and a lower bound when a node or time
    limit stopped the search before it finished (then `complete` is False and the number prints
    with a '+', as exact-cover prints it: "no solution" and "did not finish" never look alike).
    A count stopped by its own `limit` is the answer asked for, and complete.

        >>> Count(169, complete=False)
        169+
    """

    def __new__(cls, value: int, complete: bool = True) -> "Count":
        count = super().__new__(cls, value)
        count._complete = bool(complete)
        return count

    @property
    def complete(self) -> bool:
        """False when a node or time limit stopped the count: it is then a lower bound."""
        return self._complete

    def __repr__(self) -> str:
        return int.__repr__(self) + ("" if self._complete else "+")

    __str__ = __repr__

    def __reduce__(self):
        return (Count, (int(self), self._complete))
