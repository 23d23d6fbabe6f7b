# badinput: add_note when __notes__ was replaced by a non-list: CPython's 'Cannot add note: __notes__ is not a list'
# expect-exit: 1
# expect-stderr: TypeError: Cannot add note: __notes__ is not a list
e = ValueError("x")
e.__notes__ = 5
e.add_note("hello")
