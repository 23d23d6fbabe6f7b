# error: 2:3: invalid syntax
n := len(a)
