# badinput: str.join and list slice assignment of a value that is not iterable (CPython's PySequence_Fast texts), an iterable's own error passing through
# expect-exit: 1
# expect-stderr: TypeError: can only join an iterable
class Bad:
    def __iter__(self):
        raise ValueError("from __iter__")
x = [1, 2, 3]
for call, kind, text in ((lambda: x.__setitem__(slice(1, 2), 5), TypeError, "can only assign an iterable"),
                         (lambda: x.__setitem__(slice(0, 3, 2), None), TypeError, "must assign iterable to extended slice"),
                         (lambda: ",".join(Bad()), ValueError, "from __iter__"),
                         (lambda: ",".join([1]), TypeError, "sequence item 0: expected str instance, int found")):
    try:
        call()
        raise AssertionError(text)
    except kind as e:
        assert str(e) == text, (str(e), text)
print(",".join(iter(["a", "b"])), x)
",".join(5)
