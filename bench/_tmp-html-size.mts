export {};
import { startServer } from "../tests/helpers/server";
import { signUpOverHttp, addToServerCart, payOnTestGateway, placeOrderOverHttp, STUDENT_PASSWORD, type Student } from "../tests/helpers/student-http";
import fs from "node:fs";
const server = await startServer({ env: { LOG_LEVEL: "warn" } });
try {
  const home = await (await fetch(`${server.url}/`)).text();
  const courseId = Number(home.match(/href="\/courses\/(\d+)"/)?.[1]);
  const student: Student = { email: "size@example.com", name: "Size Student", password: STUDENT_PASSWORD };
  await signUpOverHttp(server.url, student);
  await addToServerCart(server.url, student, courseId);
  await payOnTestGateway(server.url, student, await placeOrderOverHttp(server.url, student));
  for (const path of ["/account", "/my-courses", `/my-courses/${courseId}`]) {
    const html = await (await fetch(`${server.url}${path}`, { headers: { cookie: student.cookie! } })).text();
    fs.writeFileSync(`/tmp/page${path.replaceAll("/", "_")}.html`, html);
    const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[0].length);
    const links = [...html.matchAll(/<link[^>]*>/g)].map((m) => m[0].length);
    const svgs = [...html.matchAll(/<svg[\s\S]*?<\/svg>/g)].map((m) => m[0].length);
    const classes = [...html.matchAll(/class="([^"]*)"/g)].map((m) => m[0].length);
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0);
    console.log(path, "total", html.length, "scripts", sum(scripts), scripts.length, "links", sum(links), links.length, "svg", sum(svgs), svgs.length, "class attrs", sum(classes));
  }
} finally { await server.stop(); }
