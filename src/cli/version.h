/* version.h - gpudoctor's own version (the knowledge base has its own revision). */
#ifndef GD_VERSION_H
#define GD_VERSION_H
#define GD_VERSION "0.1.0"
#endif
