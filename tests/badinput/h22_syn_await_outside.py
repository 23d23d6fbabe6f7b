# badinput: await outside an async function
# expect-exit: 1
# expect-stderr: SyntaxError
await x
