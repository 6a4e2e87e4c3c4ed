/** English Core: the writing skills notes (Class 11 and 12) and a sample paper in the board's pattern. */
import { h, notes, p, paper, points, q, type SampleDocument, table } from "./types";

const writingSkills = notes("english", "both", [
  {
    title: "Notice and invitation",
    blocks: [
      p(
        "A notice is a short, formal announcement for a group of people, written in a box and kept within 50 words. It answers what, when, where, who and how. A formal invitation is written in the third person; a reply says whether the invitation is accepted or declined.",
      ),
      table({
        caption: "Format: a notice",
        head: ["Part", "Example"],
        widths: [0.3, 0.7],
        rows: [
          ["Name of the institution", "DELHI PUBLIC SCHOOL, NOIDA"],
          ["The word NOTICE", "NOTICE"],
          ["Date", "10 July 2026"],
          ["Heading", "BLOOD DONATION CAMP"],
          ["Body", "What, when, where, who may take part, whom to contact"],
          ["Name and designation", "Kavya Rao, Secretary, Social Service Club"],
        ],
      }),
      h("Model notice"),
      p(
        "DELHI PUBLIC SCHOOL, NOIDA. NOTICE. 10 July 2026. BLOOD DONATION CAMP. The Social Service Club is organising a blood donation camp with the Red Cross on 18 July 2026, from 9 a.m. to 1 p.m., in the school hall. Teachers, parents and students above 18 may donate. Give your names to the undersigned by 15 July. Kavya Rao, Secretary, Social Service Club.",
      ),
      points(
        "Word count of the body above: 44 words, within the limit of 50.",
        "Marks: format 1, content 2, expression 1.",
      ),
    ],
  },
  {
    title: "Formal letters",
    blocks: [
      p(
        "Formal letters include letters to the editor, letters of complaint, letters placing an order and job applications. Use the full block format: every line starts at the left margin, and there is a blank line between parts.",
      ),
      table({
        caption: "Format: a formal letter (full block)",
        head: ["Part", "Example"],
        widths: [0.3, 0.7],
        rows: [
          ["Sender's address", "24, Shastri Nagar, Jaipur"],
          ["Date", "5 August 2026"],
          ["Receiver's address", "The Editor, The Times of India, Jaipur"],
          ["Subject", "Subject: Noise pollution from loudspeakers at night"],
          ["Salutation", "Sir / Madam"],
          ["Body", "Introduction, the problem in detail, suggestions"],
          ["Complimentary close", "Yours faithfully"],
          ["Signature and name", "Rohan Mathur"],
        ],
      }),
      h("Model letter to the editor (body)"),
      p(
        "Through the columns of your esteemed daily, I wish to draw the attention of the authorities to the noise from loudspeakers in Shastri Nagar late at night. Weddings and functions go on past midnight, and students preparing for their board examinations cannot study or sleep.",
      ),
      p(
        "The rules allow loudspeakers only until 10 p.m., yet they are seldom enforced. I request the police to act on complaints at once, and residents to keep the volume low. I hope this letter will move the authorities to act.",
      ),
    ],
  },
  {
    title: "Article and report writing",
    blocks: [
      p(
        "An article (120–150 words) gives a view on an issue with facts and examples; a report (120–150 words) records an event that has happened, in the past tense and an impersonal tone.",
      ),
      table({
        caption: "Format: article and report side by side",
        head: ["Article", "Report"],
        widths: [0.5, 0.5],
        rows: [
          ["Title", "Heading"],
          ["By (writer's name)", "By (reporter's name), place and date"],
          ["Introduction that catches the reader", "What happened, when and where"],
          [
            "Two or three body paragraphs: causes, effects, examples",
            "The event in order: chief guest, highlights, results",
          ],
          ["Conclusion with a suggestion or appeal", "Closing line on its impact"],
        ],
      }),
      h("Model report (opening)"),
      p(
        "ANNUAL SPORTS MEET HELD. By Tanvi Shah, Sports Captain. Pune, 20 November 2026: The annual sports meet of Vidya Niketan School was held on 18 November on the school ground. The District Sports Officer was the chief guest. About 400 students of four houses took part in track and field events.",
      ),
      points(
        "Value points for an article on reading in the digital age: reading builds attention and vocabulary; screens bring short, scattered reading; libraries and e-books can work together; suggestion: a daily reading hour at school.",
        "Marks: format 1, content 2, expression 2 (total 5).",
      ),
    ],
  },
]);

const paper12 = paper("english", "12", [
  {
    title: "Section A: Reading",
    blocks: [
      p(
        "Time allowed: 1 hour 30 minutes. Maximum marks: 40 (a half-length paper: Reading 10, Writing 9, Literature 21).",
      ),
      h("General instructions"),
      points(
        "The paper has three sections: A (Reading), B (Writing) and C (Literature). All questions are compulsory.",
        "Keep to the word limits. Marks are shown against each question.",
      ),
      h("Read the passage and answer the questions that follow."),
      p(
        "India's small towns are changing fast. Ten years ago a student in a town of fifty thousand people had to travel to a city for coaching, books and even a reliable internet connection. Today cheap mobile data has brought lessons, libraries and tests to the same student's phone. Yet a phone is not a teacher. Many students start courses with enthusiasm and leave them half-finished, because no one checks their work or answers their doubts. The towns that are gaining most are those where a teacher, a parent or a group of friends turns the screen into a shared routine: a fixed hour, a target for the week and someone who asks, 'What did you learn today?'",
      ),
      q("1", 1, "What did a student in a small town have to do ten years ago?", [
        "travel to a city for coaching and books",
        "study only on a phone",
        "learn from friends only",
        "pay for mobile data",
      ]),
      q("2", 1, "What has brought lessons and tests to students' phones?", [
        "new schools",
        "cheap mobile data",
        "city coaching centres",
        "free books",
      ]),
      q("3", 2, "Why do many students leave online courses half-finished?"),
      q("4", 2, "Which towns are gaining most, according to the passage?"),
      q("5", 2, "Find a word in the passage that means 'eagerness'. Use it in a sentence of your own."),
      q("6", 2, "In about 30 words, say what the passage suggests a student should do to finish an online course."),
    ],
  },
  {
    title: "Sections B and C: Writing and Literature",
    blocks: [
      h("Section B: Writing"),
      q(
        "7",
        4,
        "You are Aman/Amrita, Cultural Secretary of Green Valley School, Shimla. Write a notice in not more than 50 words inviting students to audition for the annual play.",
      ),
      q(
        "8",
        5,
        "Write a letter to the editor of a national daily in 120–150 words about the shortage of public libraries in your town, with suggestions.",
      ),
      h("Section C: Literature"),
      q(
        "9",
        3,
        "Read the extract and answer: 'I looked again at her, wan, pale / as a late winter's moon and felt that old / familiar ache, my childhood's fear.' (a) Name the poem and the poet. (b) Whom does 'her' refer to? (c) What was the poet's childhood fear?",
      ),
      q("10", 2, "The Last Lesson: why had the villagers come to the school on the last day?"),
      q("11", 2, "Lost Spring: what does Saheb's job at the tea stall cost him?"),
      q("12", 2, "Deep Water: how did Douglas finally overcome his fear of water?"),
      q("13", 2, "Indigo: why did Gandhi agree to a 25% refund to the sharecroppers?"),
      q("14", 5, "The Rattrap: how does the peddler's meeting with Edla change him? Answer in 120–150 words."),
      q("15", 5, "The Third Level: is the third level a way of escape for Charley? Answer in 120–150 words."),
    ],
  },
  {
    title: "Marking scheme and answers",
    blocks: [
      table({
        caption: "Answer key: Section A",
        head: ["Question", "Answer (value points)", "Marks"],
        widths: [0.14, 0.7, 0.16],
        rows: [
          ["1", "(a) travel to a city for coaching and books", "1"],
          ["2", "(b) cheap mobile data", "1"],
          ["3", "No one checks their work or answers their doubts", "2"],
          ["4", "Towns where a teacher, parent or friends make study a shared routine", "2"],
          ["5", "'enthusiasm', used correctly in a sentence", "2"],
          ["6", "A fixed hour, a weekly target, someone who asks what was learnt", "2"],
        ],
      }),
      h("Q9 (3 marks)"),
      p(
        "(a) 'My Mother at Sixty-six' by Kamala Das. (b) The poet's ageing mother, dozing beside her in the car. (c) The fear of losing her mother to old age and death.",
      ),
      h("Q10 to Q13 (2 marks each): value points"),
      points(
        "Q10: to thank M. Hamel for forty years of faithful service and to show respect for the country that was no longer theirs.",
        "Q11: his freedom; he is no longer his own master, and the steel canister he carries is heavier than the plastic bag he once carried lightly.",
        "Q12: he hired an instructor who trained him piece by piece, then swam alone in Lake Wentworth and Warm Lake to be sure the terror had gone.",
        "Q13: the amount mattered less than the principle: the landlords had to give up part of the money and their prestige, which broke the planters' hold.",
      ),
      h("Q14 (5 marks): value points"),
      p(
        "Edla treats the peddler with kindness and respect, as a captain, even after she learns he is not the old soldier her father took him for. Her trust awakens his goodness: he returns the crofter's thirty kronor and leaves a rattrap as a Christmas gift, signing himself Captain von Stahle. Marks: content 3, expression 2.",
      ),
    ],
  },
]);

export const englishDocuments: SampleDocument[] = [writingSkills, paper12];
