/*
 * loadlib.c - the Windows loader oracle for tests/cli/6NNN-windows-loadlib-*.
 *
 * Cross-compiled with x86_64-w64-mingw32-gcc -municode and run under Wine
 * (tests/cli/win.inc).  Each argument is one loader operation, done in order:
 *
 *   default:HEX        SetDefaultDllDirectories(HEX)
 *   add:DIR            AddDllDirectory(DIR)
 *   setdir:DIR         SetDllDirectoryW(DIR)   ("setdir:" alone: "")
 *   load:NAME          LoadLibraryW(NAME)
 *   loadex:HEX:NAME    LoadLibraryExW(NAME, NULL, HEX)
 *   dep:HEX:PATH:NAME  LoadLibraryExW(PATH, NULL, HEX), then the module NAME
 *                      that PATH's import table brought in (GetModuleHandleW)
 *
 * The last line printed is the answer the tests compare with gpudoctor's:
 * "RESULT <GetModuleFileNameW of the module>" or "RESULT err=<GetLastError>".
 * Earlier lines report the set-up calls.  Output is UTF-8 with "\n".
 */
#include <windows.h>

#include <fcntl.h>
#include <io.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <wchar.h>

static void uprintf(const wchar_t *fmt, ...)
{
    wchar_t w[8192];
    char u[32768];
    va_list ap;
    int n;
    va_start(ap, fmt);
    _vsnwprintf(w, 8191, fmt, ap);
    va_end(ap);
    w[8191] = 0;
    n = WideCharToMultiByte(CP_UTF8, 0, w, -1, u, (int)sizeof(u), NULL, NULL);
    if (n > 1)
        fwrite(u, 1, (size_t)n - 1, stdout);
}

static void result(HMODULE h, DWORD err)
{
    wchar_t fn[MAX_PATH * 4] = L"?";
    if (!h) {
        uprintf(L"RESULT err=%lu\n", err);
        return;
    }
    GetModuleFileNameW(h, fn, MAX_PATH * 4);
    uprintf(L"RESULT %ls\n", fn);
}

int wmain(int argc, wchar_t **argv)
{
    int i;
    _setmode(_fileno(stdout), _O_BINARY);
    setvbuf(stdout, NULL, _IONBF, 0);
    for (i = 1; i < argc; i++) {
        wchar_t *a = argv[i];
        if (!wcsncmp(a, L"default:", 8)) {
            DWORD fl = wcstoul(a + 8, NULL, 16);
            BOOL ok = SetDefaultDllDirectories(fl);
            uprintf(L"%ls -> %d err=%lu\n", a, ok, ok ? 0 : GetLastError());
        } else if (!wcsncmp(a, L"add:", 4)) {
            DLL_DIRECTORY_COOKIE c;
            SetLastError(0);
            c = AddDllDirectory(a + 4);
            uprintf(L"%ls -> %ls err=%lu\n", a, c ? L"ok" : L"NULL", c ? 0 : GetLastError());
        } else if (!wcsncmp(a, L"setdir:", 7)) {
            BOOL ok = SetDllDirectoryW(a + 7);
            uprintf(L"%ls -> %d\n", a, ok);
        } else if (!wcsncmp(a, L"load:", 5)) {
            HMODULE h;
            SetLastError(0);
            h = LoadLibraryW(a + 5);
            result(h, GetLastError());
        } else if (!wcsncmp(a, L"loadex:", 7)) {
            wchar_t *end;
            DWORD fl = wcstoul(a + 7, &end, 16);
            HMODULE h;
            if (*end != L':')
                return 2;
            SetLastError(0);
            h = LoadLibraryExW(end + 1, NULL, fl);
            result(h, GetLastError());
        } else if (!wcsncmp(a, L"dep:", 4)) {
            wchar_t *end, *path, *name;
            DWORD fl = wcstoul(a + 4, &end, 16);
            HMODULE h;
            if (*end != L':')
                return 2;
            path = end + 1;
            /* PATH is "C:\..." so the separator is the last ':' */
            name = wcsrchr(path, L':');
            if (!name || name == path + 1)
                return 2;
            *name++ = 0;
            SetLastError(0);
            h = LoadLibraryExW(path, NULL, fl);
            if (!h) {
                result(NULL, GetLastError());
                continue;
            }
            result(GetModuleHandleW(name), GetLastError());
        } else {
            uprintf(L"bad op %ls\n", a);
            return 2;
        }
    }
    return 0;
}
