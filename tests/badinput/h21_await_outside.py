# badinput: await outside a function
# expect-exit: 1
# expect-stderr: SyntaxError: 'await' outside function
await f()
