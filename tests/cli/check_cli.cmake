# Drives the `kiln` CLI as a user would and checks exit status, stdout and stderr.
#   cmake -DKILN=path/to/kiln -DSRC=tests/cli -P check_cli.cmake
function(expect what rc want_rc out want_out)
  if(NOT rc EQUAL want_rc)
    message(FATAL_ERROR "${what}: exit status ${rc}, expected ${want_rc}")
  endif()
  if(NOT out MATCHES "${want_out}")
    message(FATAL_ERROR "${what}: output does not match '${want_out}':\n${out}")
  endif()
endfunction()

# PEP 654: an uncaught exception group prints as CPython 3.12's printer does, byte for byte: the
# nested "+-+---- N ----" frames, tracebacks and chains behind "| " margins, the width and depth
# limits, and what an except* leaves (NAME.err made by CPython 3.12, run from this folder).
foreach(prog exception_group_nested exception_group_star_raise exception_group_limits exception_group_odd_parts)
  execute_process(COMMAND ${KILN} ${prog}.py WORKING_DIRECTORY ${SRC} RESULT_VARIABLE rc ERROR_VARIABLE err)
  file(READ ${SRC}/${prog}.err want)
  if(NOT rc EQUAL 1 OR NOT err STREQUAL want)
    message(FATAL_ERROR "${prog}.py: exit status ${rc}, stderr differs from ${prog}.err:\n${err}")
  endif()
endforeach()

# A program that fails three frames deep: traceback on stderr, status 1, earlier output kept.
execute_process(COMMAND ${KILN} ${SRC}/uncaught.py RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect("uncaught.py stdout" "${rc}" 1 "${out}" "^before\n$")
expect("uncaught.py stderr" "${rc}" 1 "${err}"
       "^Traceback \\(most recent call last\\):\n  File \"[^\"]*uncaught.py\", line 11, in <module>\n    outer\\(\\)\n.*  File \"[^\"]*uncaught.py\", line 3, in inner\n    raise ValueError\\(f\"bad value {n}\"\\)\nValueError: bad value 3\n$")

# -c runs code; print goes to stdout.
execute_process(COMMAND ${KILN} -c "print(sum(range(10)), 'ok')" RESULT_VARIABLE rc OUTPUT_VARIABLE out)
expect("-c" "${rc}" 0 "${out}" "^45 ok\n$")

# --dis prints CPython-style listings of every code object.
execute_process(COMMAND ${KILN} --dis ${SRC}/uncaught.py RESULT_VARIABLE rc OUTPUT_VARIABLE out)
expect("--dis" "${rc}" 0 "${out}" "Disassembly of <code object inner, file \"[^\"]*uncaught.py\", line 1>:")

# A syntax error: located message, status 1, nothing runs.
execute_process(COMMAND ${KILN} -c "print('x')\nif True print(1)" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
expect("syntax error" "${rc}" 1 "${err}" "^<string>:2:9: SyntaxError: ")

# The instruction budget stops an infinite loop.
execute_process(COMMAND ${KILN} --max-instructions 10000 -c "while True:\n    pass" RESULT_VARIABLE rc ERROR_VARIABLE err)
expect("budget" "${rc}" 1 "${err}" "KilnLimitError: instruction budget of 10000 exhausted")

# Bad usage: status 2 with a message.
execute_process(COMMAND ${KILN} --max-instructions x RESULT_VARIABLE rc ERROR_VARIABLE err)
expect("bad flag" "${rc}" 2 "${err}" "expects an integer from 0 to")
execute_process(COMMAND ${KILN} no_such_file.py RESULT_VARIABLE rc ERROR_VARIABLE err)
expect("missing file" "${rc}" 2 "${err}" "can't open file 'no_such_file.py'")
execute_process(COMMAND ${KILN} --help RESULT_VARIABLE rc OUTPUT_VARIABLE out)
expect("--help" "${rc}" 0 "${out}" "^usage: kiln")

# The file sandbox: a program sees its own directory and a private temporary directory; `..`,
# absolute paths and symlinks that lead outside raise PermissionError, unless --allow-dir adds the
# directory. sys.argv carries the program's arguments and sys.exit(N) sets the exit status.
if(WORK)
  file(REMOVE_RECURSE ${WORK})
  file(MAKE_DIRECTORY ${WORK}/prog ${WORK}/outside)
  file(WRITE ${WORK}/outside/secret.txt "secret\n")
  file(COPY ${SRC}/sandbox.py DESTINATION ${WORK}/prog)
  file(CREATE_LINK ${WORK}/outside ${WORK}/prog/link SYMBOLIC)
  execute_process(COMMAND ${KILN} ${WORK}/prog/sandbox.py a b WORKING_DIRECTORY ${WORK}/prog
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect("sandbox" "${rc}" 0 "${out}"
         "^argv \\['a', 'b'\\]\ninside ok \\['inside.txt', 'link', 'sandbox.py'\\]\n(PermissionError 13 True True\n)(PermissionError 13 True True\n)(PermissionError 13 True True\n)(PermissionError 13 True True\n)(PermissionError 13 True True\n)exists False False False\nPermissionError \\.\\.\nPermissionError \\.\\./made\nPermissionError /etc/passwd\nPermissionError link/secret.txt\ntempdir temp \\['t.txt'\\]\ntempdir removed False\n$")
  execute_process(COMMAND ${KILN} --allow-dir ${WORK}/outside ${WORK}/prog/sandbox.py exit 4 WORKING_DIRECTORY ${WORK}/prog
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  expect("--allow-dir" "${rc}" 4 "${out}" "read secret\nread secret\nread secret\nread secret\n")
  expect("--allow-dir glob" "${rc}" 4 "${out}" "glob \\['\\.\\./outside/secret\\.txt'\\] \\['\\.\\./outside/secret\\.txt'\\]\n")
  # the message names the sandbox and the flag, as CPython's PermissionError would name the path
  execute_process(COMMAND ${KILN} -c "open('/etc/passwd')" WORKING_DIRECTORY ${WORK}/prog RESULT_VARIABLE rc ERROR_VARIABLE err)
  expect("sandbox message" "${rc}" 1 "${err}"
         "PermissionError: \\[Errno 13\\] Permission denied: '/etc/passwd' \\(outside Kiln's sandbox: the program's directory [^ ]*prog and [^;]*; kiln --allow-dir DIR adds one\\)\n$")
  execute_process(COMMAND ${KILN} -c "import sys; sys.exit('fatal: stop')" RESULT_VARIABLE rc ERROR_VARIABLE err)
  expect("sys.exit(message)" "${rc}" 1 "${err}" "^fatal: stop\n$")
  file(REMOVE_RECURSE ${WORK})
endif()
