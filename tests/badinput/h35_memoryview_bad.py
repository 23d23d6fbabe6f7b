# badinput: Python misuse: memoryview bad
# expect-exit: 1
# expect-stderr: TypeError: memoryview: a bytes-like object is required, not 'str'
memoryview("abc")
