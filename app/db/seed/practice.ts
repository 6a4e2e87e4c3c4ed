/**
 * Practice tests' sample content (issue 23): the CBSE Class 11 and 12 chapters of the four subjects,
 * board-pattern questions written for this project (with explanations), one free sample test per
 * subject and one paid mock paper. Seeded by seedPracticeContent (its own marker, so an install
 * seeded before practice tests existed gets them on its next start, once).
 */
import type { JournalLine } from "~/db/schema";
import type { SubjectKey } from "./factories";

type Cls = "11" | "12";

export const seedChapters: Record<SubjectKey, Record<Cls, string[]>> = {
  accountancy: {
    "11": [
      "Introduction to Accounting",
      "Theory Base of Accounting",
      "Recording of Transactions – I",
      "Recording of Transactions – II",
      "Bank Reconciliation Statement",
      "Trial Balance and Rectification of Errors",
      "Depreciation, Provisions and Reserves",
      "Financial Statements – I",
      "Financial Statements – II",
      "Computers in Accounting",
    ],
    "12": [
      "Partnership — Fundamentals",
      "Partnership — Change in Profit-Sharing Ratio",
      "Partnership — Admission",
      "Partnership — Retirement and Death",
      "Dissolution of a Partnership Firm",
      "Accounting for Share Capital",
      "Issue and Redemption of Debentures",
      "Financial Statements of a Company",
      "Analysis of Financial Statements",
      "Accounting Ratios",
      "Cash Flow Statement",
    ],
  },
  economics: {
    "11": [
      "Statistics: Introduction",
      "Collection of Data",
      "Organisation of Data",
      "Presentation of Data",
      "Measures of Central Tendency",
      "Correlation",
      "Index Numbers",
      "Introduction to Microeconomics",
      "Theory of Consumer Behaviour",
      "Production and Costs",
      "The Theory of the Firm under Perfect Competition",
      "Market Equilibrium",
    ],
    "12": [
      "National Income Accounting",
      "Money and Banking",
      "Determination of Income and Employment",
      "Government Budget and the Economy",
      "Open Economy Macroeconomics",
      "Indian Economy on the Eve of Independence",
      "Indian Economy 1950–1990",
      "Liberalisation, Privatisation and Globalisation",
      "Human Capital Formation in India",
      "Rural Development",
      "Employment: Growth, Informalisation and Other Issues",
      "Environment and Sustainable Development",
      "Comparative Development Experiences of India and its Neighbours",
    ],
  },
  business_studies: {
    "11": [
      "Nature and Purpose of Business",
      "Forms of Business Organisation",
      "Public, Private and Global Enterprises",
      "Business Services",
      "Emerging Modes of Business",
      "Social Responsibility of Business and Business Ethics",
      "Sources of Business Finance",
      "Small Business and Entrepreneurship",
      "Internal Trade",
      "International Business",
    ],
    "12": [
      "Nature and Significance of Management",
      "Principles of Management",
      "Business Environment",
      "Planning",
      "Organising",
      "Staffing",
      "Directing",
      "Controlling",
      "Financial Management",
      "Financial Markets",
      "Marketing",
      "Consumer Protection",
    ],
  },
  english: {
    "11": [
      "Reading Comprehension",
      "Note Making and Summarising",
      "Writing: Notices, Advertisements and Posters",
      "Writing: Speeches and Debates",
      "Hornbill (Prose)",
      "Hornbill (Poetry)",
      "Snapshots",
    ],
    "12": [
      "Reading Comprehension",
      "Writing: Notices and Invitations",
      "Writing: Letters and Articles",
      "Flamingo (Prose)",
      "Flamingo (Poetry)",
      "Vistas",
    ],
  },
};

export interface SeedQuestion {
  chapter: string;
  type: "mcq" | "assertion_reason" | "case_based" | "short_answer" | "long_answer" | "numeric" | "journal";
  prompt: string;
  options?: string[];
  correct?: number;
  modelAnswer?: string;
  markingPoints?: string[];
  /** A numerical answer: the number expected and how far off still counts. */
  answerNumber?: number;
  answerTolerance?: number;
  /** A written answer's word limit, as the board prints it ("50–75 words"). */
  minWords?: number;
  maxWords?: number;
  /** A journal entry marked by its lines (features/practice/journal.ts). */
  journalLines?: JournalLine[];
  marks: number;
  difficulty: "easy" | "medium" | "hard";
  explanation: string;
  /** Sub-questions of a case-based set. */
  parts?: SeedQuestion[];
}

export interface SeedTest {
  title: string;
  subject: SubjectKey;
  classLevel: Cls;
  price: number;
  timeLimitMinutes: number;
  negativePercent: number;
  description: string;
  instructions: string;
  questions: SeedQuestion[];
}

export const SEED_QUESTION_SOURCE = "Commerce Academy (CBSE 2024 pattern)";

const AR = (assertion: string, reason: string) => `Assertion (A): ${assertion}\nReason (R): ${reason}`;

export const seedTests: SeedTest[] = [
  {
    title: "Accountancy Class 12 — Free Sample Test",
    subject: "accountancy",
    classLevel: "12",
    price: 0,
    timeLimitMinutes: 20,
    negativePercent: 0,
    description:
      "A 20-minute board-pattern sample: partnership, share capital and cash flow, with multiple choice, assertion–reason, a case-based set and a short answer, each explained.",
    instructions:
      "Answer every question. Objective questions carry no negative marking. Mark the short answer yourself after submitting.",
    questions: [
      {
        chapter: "Partnership — Fundamentals",
        type: "mcq",
        prompt:
          "In the absence of a partnership deed, at what rate is interest allowed on a loan given by a partner to the firm?",
        options: ["6% per annum", "8% per annum", "10% per annum", "12% per annum"],
        correct: 0,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Section 13(d) of the Indian Partnership Act, 1932: without an agreement, a partner's loan to the firm earns interest at 6% per annum, and it is payable whether or not the firm makes a profit.",
      },
      {
        chapter: "Partnership — Fundamentals",
        type: "mcq",
        prompt: "For the firm, interest charged on partners' drawings is:",
        options: ["an expense", "a gain (income)", "a liability", "a capital receipt"],
        correct: 1,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Interest on drawings is recovered from the partners, so it is a gain for the firm: it is credited to the Profit and Loss Appropriation Account.",
      },
      {
        chapter: "Partnership — Admission",
        type: "mcq",
        prompt:
          "A and B share profits in the ratio 3 : 2. C is admitted for 1/5th share, which he takes equally from A and B. What is the new profit-sharing ratio?",
        options: ["3 : 2 : 1", "5 : 3 : 2", "4 : 3 : 3", "2 : 2 : 1"],
        correct: 1,
        marks: 1,
        difficulty: "medium",
        explanation:
          "C takes 1/10 from each. A = 3/5 − 1/10 = 5/10, B = 2/5 − 1/10 = 3/10, C = 1/5 = 2/10. The new ratio is 5 : 3 : 2.",
      },
      {
        chapter: "Partnership — Retirement and Death",
        type: "assertion_reason",
        prompt: AR(
          "On the retirement of a partner, the retiring partner's share of goodwill is debited to the remaining partners' capital accounts in their gaining ratio.",
          "The remaining partners gain the retiring partner's share of future profits.",
        ),
        correct: 0,
        marks: 1,
        difficulty: "medium",
        explanation:
          "Both are true, and R explains A: the partners who gain the retiring partner's share of profit compensate him for it, so they bear his goodwill in the ratio of their gain.",
      },
      {
        chapter: "Accounting for Share Capital",
        type: "case_based",
        prompt:
          "Sunrise Ltd. invited applications for 50,000 equity shares of ₹10 each at a premium of ₹2 per share, payable ₹3 on application, ₹5 (including premium) on allotment and the balance on the first and final call. Applications were received for 60,000 shares. Applications for 10,000 shares were rejected and their money refunded; the rest were allotted in full. All money due was received.",
        marks: 0,
        difficulty: "medium",
        explanation: "Read the case and answer the questions that follow.",
        parts: [
          {
            chapter: "Accounting for Share Capital",
            type: "mcq",
            prompt: "The amount credited to the Securities Premium account is:",
            options: ["₹1,20,000", "₹50,000", "₹1,00,000", "₹2,50,000"],
            correct: 2,
            marks: 1,
            difficulty: "easy",
            explanation: "Premium is on the shares allotted only: 50,000 × ₹2 = ₹1,00,000.",
          },
          {
            chapter: "Accounting for Share Capital",
            type: "mcq",
            prompt: "The amount received on the first and final call is:",
            options: ["₹2,00,000", "₹2,50,000", "₹1,50,000", "₹3,00,000"],
            correct: 0,
            marks: 1,
            difficulty: "medium",
            explanation:
              "Each share is issued for ₹12 (₹10 + ₹2 premium). ₹3 + ₹5 are paid earlier, so the call is ₹4: 50,000 × ₹4 = ₹2,00,000.",
          },
          {
            chapter: "Accounting for Share Capital",
            type: "mcq",
            prompt: "The money refunded on the rejected applications is:",
            options: ["₹50,000", "₹30,000", "₹20,000", "₹80,000"],
            correct: 1,
            marks: 1,
            difficulty: "easy",
            explanation: "10,000 rejected applications × ₹3 application money = ₹30,000.",
          },
        ],
      },
      {
        chapter: "Cash Flow Statement",
        type: "short_answer",
        prompt:
          "State any three items that are shown as cash flows from investing activities in a Cash Flow Statement.",
        modelAnswer:
          "1. Purchase of fixed (non-current) assets such as machinery, land or buildings (outflow).\n2. Sale of fixed assets (inflow).\n3. Purchase or sale of long-term investments that are not cash equivalents.\n(Also accepted: interest and dividends received by a non-financial company.)",
        markingPoints: [
          "1 mark: a correct first item (e.g. purchase of fixed assets)",
          "1 mark: a correct second item (e.g. sale of fixed assets)",
          "1 mark: a correct third item (e.g. purchase/sale of investments, interest or dividend received)",
        ],
        marks: 3,
        difficulty: "easy",
        explanation:
          "Investing activities are the buying and selling of long-term assets and investments (AS 3). Operating items such as payments to suppliers, or financing items such as the issue of shares, earn no marks here.",
      },
    ],
  },
  {
    title: "Economics Class 12 — Free Sample Test",
    subject: "economics",
    classLevel: "12",
    price: 0,
    timeLimitMinutes: 20,
    negativePercent: 0,
    description:
      "A 20-minute sample of macroeconomics in the board pattern: national income, money and banking, income determination, the budget and the open economy, each answer explained.",
    instructions: "Answer every question. No negative marking. Mark the short answer yourself after submitting.",
    questions: [
      {
        chapter: "National Income Accounting",
        type: "mcq",
        prompt: "Which of the following is a flow variable?",
        options: ["Money supply", "Wealth", "National income", "Capital stock"],
        correct: 2,
        marks: 1,
        difficulty: "easy",
        explanation:
          "A flow is measured over a period of time. National income is earned during a year; money supply, wealth and capital stock are measured at a point of time (stocks).",
      },
      {
        chapter: "Money and Banking",
        type: "mcq",
        prompt:
          "If the Legal Reserve Ratio is 20% and the initial deposits are ₹1,000 crore, what are the total deposits that banks can create?",
        options: ["₹2,000 crore", "₹5,000 crore", "₹4,000 crore", "₹10,000 crore"],
        correct: 1,
        marks: 1,
        difficulty: "medium",
        explanation: "Money multiplier = 1 / LRR = 1 / 0.2 = 5. Total deposits = 5 × ₹1,000 crore = ₹5,000 crore.",
      },
      {
        chapter: "Determination of Income and Employment",
        type: "assertion_reason",
        prompt: AR(
          "When the marginal propensity to consume is 0.8, the investment multiplier is 5.",
          "The investment multiplier equals 1 / (1 − MPC).",
        ),
        correct: 0,
        marks: 1,
        difficulty: "easy",
        explanation: "Both are true and R explains A: k = 1 / (1 − 0.8) = 1 / 0.2 = 5.",
      },
      {
        chapter: "Government Budget and the Economy",
        type: "mcq",
        prompt: "Primary deficit is equal to:",
        options: [
          "Fiscal deficit − Interest payments",
          "Revenue deficit − Interest payments",
          "Fiscal deficit + Interest payments",
          "Total expenditure − Total receipts",
        ],
        correct: 0,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Primary deficit removes the interest on past borrowing from the fiscal deficit, to show the borrowing needed for the current year's spending alone.",
      },
      {
        chapter: "Open Economy Macroeconomics",
        type: "case_based",
        prompt:
          "Over a few months the rupee moved from ₹82 to ₹84 per US dollar in the foreign exchange market, as importers' demand for dollars rose. The Reserve Bank of India intervened only to smooth sharp daily swings.",
        marks: 0,
        difficulty: "medium",
        explanation: "Read the case and answer the questions that follow.",
        parts: [
          {
            chapter: "Open Economy Macroeconomics",
            type: "mcq",
            prompt: "This change in the exchange rate is called:",
            options: [
              "depreciation of the rupee",
              "appreciation of the rupee",
              "devaluation of the rupee",
              "revaluation of the rupee",
            ],
            correct: 0,
            marks: 1,
            difficulty: "medium",
            explanation:
              "More rupees are needed for one dollar, so the rupee has lost value. It happened through market forces under a flexible rate, which is depreciation; devaluation is a deliberate cut by the government under a fixed rate.",
          },
          {
            chapter: "Open Economy Macroeconomics",
            type: "mcq",
            prompt: "Other things being equal, this change tends to make Indian exports:",
            options: [
              "costlier for foreign buyers",
              "cheaper for foreign buyers",
              "unaffected in price",
              "subject to a higher export duty",
            ],
            correct: 1,
            marks: 1,
            difficulty: "medium",
            explanation:
              "A dollar now buys more rupees, so Indian goods cost foreigners fewer dollars: exports become cheaper and tend to rise.",
          },
        ],
      },
      {
        chapter: "Government Budget and the Economy",
        type: "short_answer",
        prompt: "Distinguish between revenue deficit and fiscal deficit (any three points).",
        modelAnswer:
          "1. Revenue deficit = revenue expenditure − revenue receipts; fiscal deficit = total expenditure − (revenue receipts + non-debt capital receipts).\n2. Revenue deficit shows the government's dissaving on its current account; fiscal deficit shows its total borrowing requirement.\n3. Revenue deficit concerns only revenue items; fiscal deficit covers revenue and capital items.",
        markingPoints: [
          "1 mark: both formulas stated correctly",
          "1 mark: dissaving (RD) versus borrowing requirement (FD)",
          "1 mark: revenue items only versus revenue and capital items",
        ],
        marks: 3,
        difficulty: "medium",
        explanation:
          "Write the points side by side, each difference on one basis. Fiscal deficit is always at least the revenue deficit when the capital account shows a deficit too.",
      },
    ],
  },
  {
    title: "Business Studies Class 12 — Free Sample Test",
    subject: "business_studies",
    classLevel: "12",
    price: 0,
    timeLimitMinutes: 20,
    negativePercent: 0,
    description:
      "A 20-minute board-pattern sample: principles of management, planning, staffing, marketing and consumer protection, with a case study and explanations.",
    instructions: "Answer every question. No negative marking. Mark the short answer yourself after submitting.",
    questions: [
      {
        chapter: "Principles of Management",
        type: "mcq",
        prompt: "According to Fayol, 'unity of command' means that:",
        options: [
          "a group of activities with the same objective has one head and one plan",
          "an employee receives orders from one superior only",
          "authority is equal to responsibility",
          "orders flow through the scalar chain",
        ],
        correct: 1,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Unity of command: one boss for each employee. One head and one plan is unity of direction; the others are separate principles.",
      },
      {
        chapter: "Nature and Significance of Management",
        type: "mcq",
        prompt: "Which of the following is NOT a function of management?",
        options: ["Planning", "Staffing", "Controlling", "Advertising"],
        correct: 3,
        marks: 1,
        difficulty: "easy",
        explanation:
          "The functions of management are planning, organising, staffing, directing and controlling. Advertising is a tool of promotion, a marketing activity.",
      },
      {
        chapter: "Planning",
        type: "assertion_reason",
        prompt: AR(
          "Planning is a pervasive function.",
          "Planning is required at all levels of management and in all departments of an organisation.",
        ),
        correct: 0,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Both are true and R explains A: pervasive means found everywhere, at the top, middle and lower levels and in every department.",
      },
      {
        chapter: "Marketing",
        type: "case_based",
        prompt:
          "Ruchi launched 'GreenLeaf', a brand of organic tea. After studying what buyers wanted, she fixed a price of ₹240 for a 250 g pack, arranged for sale through supermarkets and online stores, and advertised on social media while her team handed out free samples at stalls in shopping malls.",
        marks: 0,
        difficulty: "medium",
        explanation: "Read the case and answer the questions that follow.",
        parts: [
          {
            chapter: "Marketing",
            type: "mcq",
            prompt:
              "Selling through supermarkets and online stores is a decision about which element of the marketing mix?",
            options: ["Product", "Price", "Place (physical distribution)", "Promotion"],
            correct: 2,
            marks: 1,
            difficulty: "easy",
            explanation: "Choosing the channels through which the product reaches buyers is the place element.",
          },
          {
            chapter: "Marketing",
            type: "mcq",
            prompt: "Free samples handed out at stalls are a tool of:",
            options: ["personal selling", "sales promotion", "publicity", "packaging"],
            correct: 1,
            marks: 1,
            difficulty: "easy",
            explanation:
              "Sales promotion is a short-term incentive to try or buy a product; free samples are one of its tools.",
          },
        ],
      },
      {
        chapter: "Consumer Protection",
        type: "mcq",
        prompt: "Which of the following is a right of consumers under the Consumer Protection Act, 2019?",
        options: ["Right to be heard", "Right to free goods", "Right to fix prices", "Right to employment"],
        correct: 0,
        marks: 1,
        difficulty: "easy",
        explanation:
          "The Act lists the rights to safety, to be informed, to choose, to be heard, to seek redressal and to consumer awareness.",
      },
      {
        chapter: "Staffing",
        type: "short_answer",
        prompt: "State any three steps in the process of staffing, in their order.",
        modelAnswer:
          "1. Estimating manpower requirements.\n2. Recruitment (searching for candidates).\n3. Selection.\nLater steps: placement and orientation, training and development, performance appraisal, promotion and career planning, compensation.",
        markingPoints: [
          "1 mark: estimating manpower requirements",
          "1 mark: recruitment",
          "1 mark: selection (or any correct later step, in order)",
        ],
        marks: 3,
        difficulty: "easy",
        explanation:
          "Staffing starts from how many and what kind of people are needed, then finds them, then chooses among them.",
      },
    ],
  },
  {
    title: "English Core Class 12 — Free Sample Test",
    subject: "english",
    classLevel: "12",
    price: 0,
    timeLimitMinutes: 20,
    negativePercent: 0,
    description:
      "A 20-minute sample in the board pattern: an unseen passage, Flamingo and Vistas questions and a notice to write, with the answers explained.",
    instructions: "Answer every question. No negative marking. Mark the notice yourself after submitting.",
    questions: [
      {
        chapter: "Reading Comprehension",
        type: "case_based",
        prompt:
          "Every monsoon the ponds of Kheda filled for a few weeks and then cracked again. The rain ran off the hard fields, and by March the wells were dry. Then a group of schoolchildren walked every slope of the village with a notebook and drew a map of where the water went. They showed the panchayat where low earthen bunds could hold it back. Within two seasons the wells held water till June, and the children's map now hangs, framed, in the panchayat office.",
        marks: 0,
        difficulty: "easy",
        explanation: "Read the passage and answer the questions that follow.",
        parts: [
          {
            chapter: "Reading Comprehension",
            type: "mcq",
            prompt: "Before the children's work, the village wells:",
            options: [
              "overflowed all year",
              "were dry by March",
              "were sealed by the panchayat",
              "held water till June",
            ],
            correct: 1,
            marks: 1,
            difficulty: "easy",
            explanation: "The passage says 'by March the wells were dry'; water till June came after the bunds.",
          },
          {
            chapter: "Reading Comprehension",
            type: "mcq",
            prompt: "The children helped the village by:",
            options: [
              "mapping where the water went and showing where bunds could hold it",
              "digging new wells",
              "asking the government for water tankers",
              "moving the ponds to higher ground",
            ],
            correct: 0,
            marks: 1,
            difficulty: "easy",
            explanation: "They drew a map of the water's path and showed the panchayat where bunds could stop it.",
          },
          {
            chapter: "Reading Comprehension",
            type: "mcq",
            prompt: "The map hanging framed in the panchayat office suggests that the village:",
            options: [
              "wanted to hide the map",
              "valued and honoured the children's work",
              "had no other decorations",
              "planned to sell the map",
            ],
            correct: 1,
            marks: 1,
            difficulty: "medium",
            explanation:
              "Framing and displaying the map is a sign of respect for what the children did: an inference question.",
          },
        ],
      },
      {
        chapter: "Flamingo (Prose)",
        type: "mcq",
        prompt: "In 'The Last Lesson', for how many years had M. Hamel been teaching at the school?",
        options: ["Twenty years", "Thirty years", "Forty years", "Fifty years"],
        correct: 2,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Franz recalls that M. Hamel had served faithfully for forty years, which is why the last lesson moves the village so.",
      },
      {
        chapter: "Flamingo (Poetry)",
        type: "mcq",
        prompt: "Who wrote the poem 'My Mother at Sixty-six'?",
        options: ["Kamala Das", "Pablo Neruda", "Adrienne Rich", "John Keats"],
        correct: 0,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Kamala Das wrote it. Neruda wrote 'Keeping Quiet', Adrienne Rich 'Aunt Jennifer's Tigers' and Keats 'A Thing of Beauty'.",
      },
      {
        chapter: "Vistas",
        type: "mcq",
        prompt: "In 'The Third Level', where does Charley find the third level?",
        options: ["Grand Central Station", "Pennsylvania Station", "Galesburg station", "Times Square station"],
        correct: 0,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Charley stumbles on a third level at Grand Central Station in New York, where trains leave for the Galesburg of 1894.",
      },
      {
        chapter: "Writing: Notices and Invitations",
        type: "short_answer",
        prompt:
          "You are Aditi/Aditya, Head of the Literary Club of Sunrise Public School, Jaipur. Write a notice in not more than 50 words for the school notice board inviting students of Classes 9–12 to take part in an inter-house quiz.",
        modelAnswer:
          "SUNRISE PUBLIC SCHOOL, JAIPUR\nNOTICE\n12 August 2026\nINTER-HOUSE QUIZ\nThe Literary Club is holding an inter-house quiz on 22 August 2026 at 10 a.m. in the school auditorium. Students of Classes 9–12 may give their names, in teams of three per house, to the undersigned by 18 August.\nAditi\nHead, Literary Club",
        markingPoints: [
          "1 mark: format — school name, NOTICE, date, heading, name and designation",
          "2 marks: content — what, when, where, who may take part, how to register and by when",
          "1 mark: expression — accurate, concise, within the word limit",
        ],
        marks: 4,
        difficulty: "medium",
        explanation:
          "A notice answers what, when, where, who and how. Put the issuing authority's name and designation at the end and keep to the word limit: the box and heading do not count.",
      },
    ],
  },
  {
    title: "Accountancy Class 12 — Mock Paper 1",
    subject: "accountancy",
    classLevel: "12",
    price: 149,
    timeLimitMinutes: 60,
    negativePercent: 25,
    description:
      "A timed mock paper across partnership, company accounts and analysis of financial statements, in the CBSE 2024 pattern, with a long answer and worked explanations for every question.",
    instructions:
      "60 minutes. A wrong multiple-choice or assertion–reason answer loses a quarter of its marks; an unanswered one loses nothing. Mark the long answer yourself against the marking points after submitting.",
    questions: [
      {
        chapter: "Partnership — Change in Profit-Sharing Ratio",
        type: "mcq",
        prompt: "X and Y share profits 3 : 2. They decide to share equally in future. Which is correct?",
        options: ["X sacrifices 1/10", "Y sacrifices 1/10", "Both sacrifice 1/10", "Nobody sacrifices"],
        correct: 0,
        marks: 1,
        difficulty: "medium",
        explanation:
          "X: 3/5 − 1/2 = 1/10 (sacrifice). Y: 2/5 − 1/2 = −1/10 (gain). X alone sacrifices 1/10, which Y gains.",
      },
      {
        chapter: "Partnership — Admission",
        type: "mcq",
        prompt:
          "A firm's average profits are ₹50,000 and the normal profits ₹30,000. What is the goodwill at three years' purchase of super profits?",
        options: ["₹1,50,000", "₹60,000", "₹90,000", "₹20,000"],
        correct: 1,
        marks: 1,
        difficulty: "easy",
        explanation: "Super profit = ₹50,000 − ₹30,000 = ₹20,000. Goodwill = 3 × ₹20,000 = ₹60,000.",
      },
      {
        chapter: "Partnership — Retirement and Death",
        type: "mcq",
        prompt:
          "On the death of a partner, his share of profit from the date of the last balance sheet to the date of death (estimated) is debited to:",
        options: ["Profit and Loss Suspense Account", "Realisation Account", "Revaluation Account", "General Reserve"],
        correct: 0,
        marks: 1,
        difficulty: "medium",
        explanation:
          "The books are not closed at the date of death, so the deceased partner's estimated share is debited to Profit and Loss Suspense Account and credited to his capital account.",
      },
      {
        chapter: "Dissolution of a Partnership Firm",
        type: "mcq",
        prompt: "On dissolution, an unrecorded asset taken over by a partner is credited to:",
        options: ["the partner's capital account", "Realisation Account", "Cash Account", "Revaluation Account"],
        correct: 1,
        marks: 1,
        difficulty: "medium",
        explanation:
          "The partner's capital account is debited and Realisation Account credited: the asset is treated as realised for its value.",
      },
      {
        chapter: "Issue and Redemption of Debentures",
        type: "mcq",
        prompt:
          "Debentures of ₹1,00,000 are issued at a discount of 5% and are redeemable at a premium of 10%. The loss on issue of debentures is:",
        options: ["₹5,000", "₹10,000", "₹15,000", "₹1,05,000"],
        correct: 2,
        marks: 1,
        difficulty: "medium",
        explanation: "Discount ₹5,000 + premium on redemption ₹10,000 = loss on issue ₹15,000.",
      },
      {
        chapter: "Accounting Ratios",
        type: "mcq",
        prompt:
          "Current assets are ₹4,00,000, current liabilities ₹2,00,000 and inventory ₹1,00,000. The quick ratio is:",
        options: ["2 : 1", "1.5 : 1", "1 : 1", "0.5 : 1"],
        correct: 1,
        marks: 1,
        difficulty: "easy",
        explanation: "Quick assets = ₹4,00,000 − ₹1,00,000 = ₹3,00,000. Quick ratio = 3,00,000 / 2,00,000 = 1.5 : 1.",
      },
      {
        chapter: "Cash Flow Statement",
        type: "assertion_reason",
        prompt: AR(
          "Depreciation is added back to net profit when computing cash flow from operating activities.",
          "Depreciation is a non-cash expense.",
        ),
        correct: 0,
        marks: 1,
        difficulty: "easy",
        explanation:
          "Both are true and R explains A: depreciation reduced the profit without any cash going out, so it is added back.",
      },
      {
        chapter: "Financial Statements of a Company",
        type: "assertion_reason",
        prompt: AR(
          "Calls-in-advance are shown under Share Capital in a company's balance sheet.",
          "Calls-in-advance are a liability of the company until the call is made.",
        ),
        correct: 3,
        marks: 1,
        difficulty: "hard",
        explanation:
          "A is false: calls-in-advance are shown under Other Current Liabilities, not Share Capital. R is true: the money is owed back to the shareholder until the call falls due.",
      },
      {
        chapter: "Partnership — Admission",
        type: "long_answer",
        prompt:
          "A and B are partners sharing profits 3 : 2. They admit C for 1/4th share of future profits, which he takes from A and B in their old ratio. C brings ₹40,000 as capital and ₹10,000 as his share of goodwill (premium) in cash. Pass the journal entries for the capital and goodwill brought in, and calculate the new profit-sharing ratio.",
        modelAnswer:
          "Journal\n1. Cash A/c Dr 50,000 — To C's Capital A/c 40,000 — To Premium for Goodwill A/c 10,000 (capital and premium brought in by C)\n2. Premium for Goodwill A/c Dr 10,000 — To A's Capital A/c 6,000 — To B's Capital A/c 4,000 (premium shared by the sacrificing partners in 3 : 2)\n\nNew ratio: the remaining 3/4 is shared 3 : 2. A = 3/5 × 3/4 = 9/20; B = 2/5 × 3/4 = 6/20; C = 1/4 = 5/20. New ratio 9 : 6 : 5.",
        markingPoints: [
          "2 marks: entry for cash brought in, crediting C's Capital ₹40,000 and Premium for Goodwill ₹10,000",
          "2 marks: premium credited to A ₹6,000 and B ₹4,000 in the sacrificing ratio 3 : 2",
          "2 marks: new ratio 9 : 6 : 5 with working",
        ],
        marks: 6,
        difficulty: "hard",
        explanation:
          "When the new partner takes his share from the old partners in their old ratio, the sacrificing ratio equals the old ratio (3 : 2), so the premium is shared 6,000 : 4,000.",
      },
    ],
  },
];
