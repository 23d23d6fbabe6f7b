# badinput: Python misuse: exc group nonexc
# expect-exit: 1
# expect-stderr: ValueError: Item 0 of second argument (exceptions) is not an exception
ExceptionGroup("msg", [1])
