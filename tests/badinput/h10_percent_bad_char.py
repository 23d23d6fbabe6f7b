# badinput: percent bad char
# expect-exit: 1
# expect-stderr: ValueError: unsupported format character 'y' (0x79) at index 1
"%y" % 1
