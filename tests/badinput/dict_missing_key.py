# badinput: a missing dict key
# expect-exit: 1
# expect-stderr: KeyError: 'b'
d = {"a": 1}
d["b"]
