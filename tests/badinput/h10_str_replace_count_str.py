# badinput: str replace count str
# expect-exit: 1
# expect-stderr: TypeError: 'str' object cannot be interpreted as an integer
"a".replace("a", "b", "c")
