# badinput: subscripting a non-generic type alias
# expect-exit: 1
# expect-stderr: TypeError: Only generic type aliases are subscriptable
type X = int
X[int]
