# badinput: ord two chars (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: ord() expected a character, but string of length 2 found
print(ord('ab'))
