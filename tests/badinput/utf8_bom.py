# badinput: a UTF-8 byte order mark before the first line is skipped (CPython)
# expect-exit: 0
# expect-stdout: bom ok
print("bom ok")
