# badinput: x in range(10**18) is O(1) for ints (and a 100-bit int is simply not in a range)
# expect-exit: 0
# expect-stdout: True False True False
print(10**17 in range(10**18), -1 in range(10**18), 2 * 10**18 in range(0, 9 * 10**18, 10**18), 10**30 in range(5))
