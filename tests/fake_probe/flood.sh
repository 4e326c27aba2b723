#!/bin/sh
# Floods stdout without end.
exec yes '{"probe":"flood","status":"ok","padding":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}'
