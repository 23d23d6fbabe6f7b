# badinput: a lone surrogate in repr is escaped as \ud800 (raw bytes were printed)
# expect-exit: 0
# expect-stdout: 'a\ud800b\udfff' '\udc80'
print(repr("a\ud800b\udfff"), ascii("\udc80"))
