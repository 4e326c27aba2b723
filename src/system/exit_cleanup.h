#pragma once
/// What rocm-doctor must not leave behind when it stops early (hostile-input D6). Every child runs
/// in its own process group (so a Ctrl-C at the terminal does not reach it) with its working
/// directory in a private temp dir. This registry knows the live groups and the temp dirs, so a
/// signal, a collector that overran its budget (main leaves with _Exit while its thread still
/// runs) or an internal error can kill the groups and remove the dirs before the process goes.
#include <sys/types.h>

#include <functional>
#include <string>

namespace rd {

/// Blocks SIGINT, SIGTERM, SIGHUP and SIGQUIT (each one not inherited as ignored, so `nohup`
/// keeps working) and starts the thread that waits for them: on one it runs CleanUpBeforeExit
/// and dies of the same signal (exit status 128+N for the shell). Call first in main, before
/// any other thread exists, so every thread inherits the blocked mask.
void InstallSignalCleanup();

/// Kills every tracked child's process group and removes every tracked temp dir; no child is
/// started after it. For any way out other than a normal return (_Exit, a signal).
void CleanUpBeforeExit();

/// Runs `spawn` (a posix_spawn call returning its error code and setting pid) and tracks the new
/// child's process group, unless the cleanup has begun (then it returns ECANCELED and runs
/// nothing). Spawning and tracking happen under one lock, so the cleanup never misses a child
/// that was being started while it ran.
int SpawnTracked(const std::function<int(pid_t&)>& spawn, pid_t& pid);

/// Waits for the child to end, reaps it and stops tracking its group; returns the wait status.
/// Reaping and untracking under one lock means the cleanup never signals a process group id that
/// was freed and taken by an unrelated process.
int ReapTracked(pid_t pid);

/// Temp dirs to remove on the way out (temp_dir.cpp tracks what it makes and removes). False
/// once the cleanup has begun: the caller removes the dir itself and starts nothing in it.
bool TrackTempDir(const std::string& path);
void UntrackTempDir(const std::string& path);

}  // namespace rd
