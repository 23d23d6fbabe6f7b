// Catch2's main for the test binary (Debian ships Catch2 2.x as a single header).
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>
