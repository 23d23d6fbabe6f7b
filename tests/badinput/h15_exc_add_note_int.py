# badinput: BaseException.add_note with an int: 'note must be a str, not 'int''
# expect-exit: 1
# expect-stderr: TypeError: note must be a str, not 'int'
e = ValueError("x")
e.add_note(5)
