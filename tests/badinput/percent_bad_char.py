# badinput: percent bad char (issue 31 sweep)
# expect-exit: 1
# expect-stderr: ValueError: unsupported format character 'y' (0x79) at index 1
print('%y' % 1)
