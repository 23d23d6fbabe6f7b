# badinput: str(a_str, encoding): CPython refuses to decode a str
# expect-exit: 1
# expect-stderr: TypeError: decoding str is not supported
str("abc", "utf-8")
