/* SDL's build configuration for the playground in the browser (Kiln's, not SDL's).
 *
 * web/sdl2/CMakeLists.txt compiles SDL's sources directly, as Emscripten's own SDL port does, instead
 * of running SDL's CMake configure (hundreds of emcc probe compiles, one at a time). This header takes
 * the configure's place: it starts from the configuration SDL ships for Emscripten and switches off the
 * subsystems the playground never starts (web/main.cpp: SDL_Init(VIDEO | TIMER); ImGui's OpenGL3
 * backend draws, not SDL_Renderer). SDL still defines those subsystems' functions, as stubs that report
 * them unavailable (ImGui's gamepad query finds none).
 */
#ifndef KILN_SDL_CONFIG_H
#define KILN_SDL_CONFIG_H
#define SDL_config_h_  /* SDL's own headers test this guard */

#include "SDL_config_emscripten.h"

/* Audio, joysticks, power, dynamic loading, threads: not used, compiled as their dummy drivers. */
#undef SDL_AUDIO_DRIVER_DISK
#undef SDL_AUDIO_DRIVER_EMSCRIPTEN
#define SDL_AUDIO_DISABLED 1
#undef SDL_JOYSTICK_EMSCRIPTEN
#define SDL_JOYSTICK_DISABLED 1
#define SDL_JOYSTICK_DUMMY 1
#define SDL_HAPTIC_DUMMY 1
#define SDL_SENSOR_DISABLED 1
#undef SDL_POWER_EMSCRIPTEN
#define SDL_POWER_DISABLED 1
#undef SDL_LOADSO_DLOPEN
#define SDL_LOADSO_DISABLED 1
#define SDL_LOADSO_DUMMY 1
#define SDL_ATOMIC_DISABLED 1
#undef SDL_THREAD_PTHREAD
#undef SDL_THREAD_PTHREAD_RECURSIVE_MUTEX
#ifndef SDL_THREADS_DISABLED
#define SDL_THREADS_DISABLED 1
#endif
/* SDL_Renderer: ImGui draws with OpenGL ES 3 itself. */
#undef SDL_VIDEO_RENDER_OGL_ES2
#define SDL_RENDER_DISABLED 1

#endif /* KILN_SDL_CONFIG_H */
