# badinput: ExceptionGroup of a non-exception item (h14 sweep)
# expect-exit: 1
# expect-stderr: ValueError: Item 1 of second argument (exceptions) is not an exception
ExceptionGroup('x', [ValueError(), 'oops'])
