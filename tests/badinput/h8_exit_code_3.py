# badinput: exit(3) ends with status 3
# expect-exit: 3
# expect-stdout: bye
print('bye')
exit(3)
