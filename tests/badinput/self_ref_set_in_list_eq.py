# badinput: self ref set in list eq (issue 31 sweep)
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded in comparison
a = []
b = []
a.append(b)
b.append(a)
print(a == b)
