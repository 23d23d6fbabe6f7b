# badinput: '\x4': the unicode-escape decoder's error, with the escape's byte range in the literal
# expect-exit: 1
# expect-stderr: SyntaxError: (unicode error) 'unicodeescape' codec can't decode bytes in position 2-4: truncated \xXX escape
x = 'ab\x4'
