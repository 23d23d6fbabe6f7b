# badinput: list.append taken from the class and called with an int as self (a segfault before)
# expect-exit: 1
# expect-stderr: TypeError: descriptor 'append' for 'list' objects doesn't apply to a 'int' object
list.append(1, 2)
