# error: 2:1: cannot assign to function call
f() = 3
