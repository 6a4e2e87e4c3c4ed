#!/bin/bash
# Cold start to the first 200 on / and resident memory after 400 requests.
# usage: bench/coldstart.sh <project dir> [VAR=value ...]   (needs a build: npm run build)
cd $1; shift
start=$(date +%s%N)
env "$@" PORT=3999 LOG_LEVEL=warn node server.js > /tmp/cold.log 2>&1 &
pid=$!
until curl -s -o /dev/null -w "%{http_code}" localhost:3999/ | grep -q 200; do sleep 0.05; done
end=$(date +%s%N)
echo "first 200 on / after $(( (end-start)/1000000 )) ms"
for i in $(seq 1 200); do curl -s -o /dev/null localhost:3999/; curl -s -o /dev/null localhost:3999/does-not-exist; done
echo "RSS after 400 requests: $(( $(ps -o rss= -p $pid) / 1024 )) MiB"
kill -TERM $pid; wait $pid
