# badinput: Python misuse: percent unsupported char
# expect-exit: 1
# expect-stderr: ValueError: unsupported format character 'y' (0x79) at index 1
print("%y" % 1)
