# badinput: a list and a dict holding each other
# expect-exit: 0
# expect-stdout: [{'a': [...]}] {'a': [{...}]}
a = []
b = {"a": a}
a.append(b)
print(a, b)
