# badinput: dict.keys() view iterated while popping keys
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
d = dict.fromkeys(range(10))
for k in d.keys():
    d.pop(k)
