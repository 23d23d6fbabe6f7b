# badinput: hash(obj=x): METH_O refuses the keyword
# expect-exit: 1
# expect-stderr: TypeError: hash() takes no keyword arguments
hash(obj=1)
