/**
 * The spec's sample content (seed-spec §1–§3). Order matters: it is the display
 * order of the store lists (class 12 courses are the 1st to 3rd entries, class 11
 * the 4th to 6th, the first four notes are the featured ones).
 */
import type { SubjectKey } from "./factories";

export const seedInstructors = ["Priya Mehta", "Rahul Verma", "Anjali Singh", "Neha Kapoor"] as const;
type InstructorName = (typeof seedInstructors)[number];

export interface SeedProduct {
  kind: "course" | "note" | "pyq" | "test";
  title: string;
  subject: SubjectKey;
  classLevel: "11" | "12" | "both";
  price: number; // rupees, as the spec writes them
  /** The spec's rating: the sample reviews (reviews.ts) average exactly this. */
  rating: number;
  instructor: InstructorName;
  description: string;
  modules: string[];
  /** Titles an older seed gave this item (an install seeded then still has it under that title). */
  formerTitles?: string[];
}

export const seedCourses: SeedProduct[] = [
  {
    kind: "course",
    title: "Accountancy Class 12",
    subject: "accountancy",
    classLevel: "12",
    price: 999,
    rating: 4.9,
    instructor: "Priya Mehta",
    description:
      "Master partnership accounts, company accounts and financial statement analysis with step-by-step video lessons, solved board questions and chapter tests built around the latest CBSE pattern.",
    modules: [
      "Accounting for Partnership Firms: Fundamentals",
      "Goodwill: Nature and Valuation",
      "Change in Profit-Sharing Ratio",
      "Admission, Retirement and Death of a Partner",
      "Dissolution of a Partnership Firm",
      "Accounting for Share Capital",
      "Issue and Redemption of Debentures",
      "Financial Statements of a Company",
      "Analysis of Financial Statements and Ratios",
      "Cash Flow Statement",
    ],
  },
  {
    kind: "course",
    title: "Economics Class 12",
    subject: "economics",
    classLevel: "12",
    price: 989,
    rating: 4.8,
    instructor: "Rahul Verma",
    description:
      "Macroeconomics and Indian Economic Development explained with diagrams, numericals and current examples, so that national income, money, banking and the balance of payments finally make sense.",
    modules: [
      "National Income and Related Aggregates",
      "Money and Banking",
      "Determination of Income and Employment",
      "Government Budget and the Economy",
      "Balance of Payments and Exchange Rate",
      "Indian Economy on the Eve of Independence",
      "Economic Reforms since 1991",
      "Human Capital, Rural Development and Employment",
    ],
  },
  {
    kind: "course",
    title: "Business Studies Class 12",
    subject: "business_studies",
    classLevel: "12",
    price: 979,
    rating: 4.9,
    instructor: "Anjali Singh",
    description:
      "Principles and functions of management, financial management, marketing and consumer protection taught through case studies and answer-writing practice that scores full marks in the boards.",
    modules: [
      "Nature and Significance of Management",
      "Principles of Management",
      "Business Environment",
      "Planning and Organising",
      "Staffing, Directing and Controlling",
      "Financial Management and Financial Markets",
      "Marketing Management",
      "Consumer Protection",
    ],
  },
  {
    kind: "course",
    title: "Accountancy Class 11",
    subject: "accountancy",
    classLevel: "11",
    price: 999,
    rating: 4.8,
    instructor: "Priya Mehta",
    description:
      "Build a rock-solid base in accounting: from the accounting equation and journal entries to ledgers, trial balance, depreciation and final accounts of sole proprietors, with practice after every lesson.",
    modules: [
      "Introduction to Accounting",
      "Theory Base of Accounting",
      "Recording of Transactions: Journal and Ledger",
      "Bank Reconciliation Statement",
      "Trial Balance and Rectification of Errors",
      "Depreciation, Provisions and Reserves",
      "Bills of Exchange",
      "Financial Statements of Sole Proprietorship",
    ],
  },
  {
    kind: "course",
    title: "Economics Class 11",
    subject: "economics",
    classLevel: "11",
    price: 989,
    rating: 4.9,
    instructor: "Rahul Verma",
    description:
      "Microeconomics and Statistics for Economics made simple: consumer behaviour, production and costs, market forms, and the statistical tools you need for projects and the annual exam.",
    modules: [
      "Introduction to Microeconomics",
      "Consumer's Equilibrium and Demand",
      "Producer Behaviour and Supply",
      "Forms of Market and Price Determination",
      "Collection and Presentation of Data",
      "Measures of Central Tendency",
      "Correlation and Index Numbers",
    ],
  },
  {
    kind: "course",
    title: "Business Studies Class 11",
    subject: "business_studies",
    classLevel: "11",
    price: 979,
    rating: 4.8,
    instructor: "Anjali Singh",
    description:
      "Understand how businesses are formed, organised and financed: forms of business organisation, public and private enterprises, business services, emerging modes and social responsibility.",
    modules: [
      "Nature and Purpose of Business",
      "Forms of Business Organisation",
      "Public, Private and Global Enterprises",
      "Business Services and Emerging Modes",
      "Social Responsibility and Business Ethics",
      "Sources of Business Finance",
      "Small Business and Entrepreneurship",
      "Internal and International Trade",
    ],
  },
];

export const seedNotes: SeedProduct[] = [
  {
    kind: "note",
    title: "Accountancy Formula Sheet",
    subject: "accountancy",
    classLevel: "both",
    price: 0,
    rating: 4.7,
    instructor: "Priya Mehta",
    description:
      "The main ratios, formats and adjustments on a few printable pages. Free for all students: keep it beside you while you practise and revise the night before the exam.",
    modules: ["Accounting ratios", "Formats of final accounts", "Partnership adjustments"],
  },
  {
    kind: "note",
    title: "Partnership Accounts: Complete Handwritten Notes with Solved Examples",
    subject: "accountancy",
    classLevel: "12",
    price: 24,
    rating: 4.9,
    instructor: "Priya Mehta",
    description:
      "Neat handwritten notes for the whole partnership unit: goodwill, revaluation, admission, retirement and dissolution, each with a solved board question and the examiner's marking points.",
    modules: ["Goodwill", "Admission of a partner", "Retirement and death", "Dissolution"],
  },
  {
    kind: "note",
    title: "Macroeconomics Quick Revision",
    subject: "economics",
    classLevel: "12",
    price: 14,
    rating: 4.8,
    instructor: "Rahul Verma",
    description:
      "Chapter-wise summaries, labelled diagrams and the most asked definitions of Class 12 macroeconomics, condensed for the last week before the board exam.",
    modules: ["National income", "Money and banking", "Government budget", "Balance of payments"],
  },
  {
    kind: "note",
    title: "Business Studies Case Study Guide",
    subject: "business_studies",
    classLevel: "12",
    price: 9,
    rating: 4.6,
    instructor: "Anjali Singh",
    description:
      "How to read a case study, find the concept being tested and write the answer the examiner wants, with solved case studies in the board's pattern.",
    modules: ["Reading a case", "Principles of management cases", "Marketing cases"],
  },
  {
    kind: "note",
    title: "Microeconomics Summary Notes",
    subject: "economics",
    classLevel: "11",
    price: 14,
    rating: 4.7,
    instructor: "Rahul Verma",
    description:
      "Consumer behaviour, production, costs and market forms in crisp summaries with every diagram redrawn for quick revision before the Class 11 annual exam.",
    modules: ["Utility analysis", "Indifference curves", "Costs and revenue", "Perfect competition"],
  },
  {
    kind: "note",
    title: "Journal, Ledger and Trial Balance Notes",
    subject: "accountancy",
    classLevel: "11",
    price: 9,
    rating: 4.8,
    instructor: "Priya Mehta",
    description:
      "The golden rules, journal entries for the common types of transaction, posting to the ledger and preparing a trial balance, with practice entries and their answers.",
    modules: ["Golden rules", "Journal entries", "Ledger posting", "Trial balance"],
  },
  {
    kind: "note",
    title: "English Core Writing Skills",
    subject: "english",
    classLevel: "both",
    price: 0,
    rating: 4.5,
    instructor: "Neha Kapoor",
    description:
      "Formats and model answers for notices, letters, articles and reports, with the value points examiners look for. Free for every Class 11 and 12 student.",
    modules: ["Notice and invitation", "Formal letters", "Article and report writing"],
  },
];

export const seedPyqs: SeedProduct[] = [
  {
    kind: "pyq",
    title: "Accountancy Class 12 Sample Papers (Board Pattern)",
    // Not real board papers: samples in the board's pattern (issue 32).
    formerTitles: ["Accountancy Board Papers 2019–2025"],
    subject: "accountancy",
    classLevel: "12",
    price: 49,
    rating: 4.9,
    instructor: "Priya Mehta",
    description:
      "Sample papers in the CBSE Class 12 Accountancy board pattern (Part A and Part B, marks per question) with a marking scheme and worked solutions.",
    modules: ["Sample papers", "Marking schemes", "Worked solutions"],
  },
  {
    kind: "pyq",
    title: "Economics Class 12 Sample Papers (Board Pattern)",
    // Not real board papers: samples in the board's pattern (issue 32).
    formerTitles: ["Economics Board Papers 2019–2025"],
    subject: "economics",
    classLevel: "12",
    price: 49,
    rating: 4.8,
    instructor: "Rahul Verma",
    description:
      "Sample papers in the CBSE Class 12 Economics board pattern with solutions, diagrams and the value points of a marking scheme.",
    modules: ["Sample papers", "Marking schemes", "Diagrams"],
  },
  {
    kind: "pyq",
    title: "Business Studies Class 12 Sample Papers (Board Pattern)",
    // Not real board papers: samples in the board's pattern (issue 32).
    formerTitles: ["Business Studies Board Papers 2019–2025"],
    subject: "business_studies",
    classLevel: "12",
    price: 39,
    rating: 4.8,
    instructor: "Anjali Singh",
    description:
      "Sample papers in the CBSE Class 12 Business Studies board pattern with model answers written the way examiners reward them.",
    modules: ["Sample papers", "Model answers"],
  },
  {
    kind: "pyq",
    title: "English Core Class 12 Sample Papers (Board Pattern)",
    // Not real board papers: samples in the board's pattern (issue 32).
    formerTitles: ["English Core Board Papers 2019–2025"],
    subject: "english",
    classLevel: "12",
    price: 0,
    rating: 4.6,
    instructor: "Neha Kapoor",
    description:
      "Sample papers in the CBSE Class 12 English Core board pattern with answer keys. Free to download for every signed-in student.",
    modules: ["Sample papers", "Answer keys"],
  },
  {
    kind: "pyq",
    title: "Accountancy Class 11 Sample Exam Papers",
    // Not real board papers: samples in the board's pattern (issue 32).
    formerTitles: ["Accountancy Class 11 Annual Exam Papers"],
    subject: "accountancy",
    classLevel: "11",
    price: 29,
    rating: 4.7,
    instructor: "Priya Mehta",
    description:
      "Sample papers in the pattern of Class 11 Accountancy annual exams, with solutions: practice before moving to Class 12.",
    modules: ["Sample papers", "Solutions"],
  },
  {
    kind: "pyq",
    title: "Economics Class 11 Sample Exam Papers",
    // Not real board papers: samples in the board's pattern (issue 32).
    formerTitles: ["Economics Class 11 Annual Exam Papers"],
    subject: "economics",
    classLevel: "11",
    price: 29,
    rating: 4.6,
    instructor: "Rahul Verma",
    description:
      "Sample papers in the pattern of Class 11 Economics annual exams, covering microeconomics and statistics, each with a detailed solution and the common mistakes to avoid.",
    modules: ["Sample papers", "Solutions"],
  },
];

export const seedBanners = [
  { name: "New session 2026-27: enrolments open", image: "/images/banners/banner-1.svg" },
  { name: "Board exam crash courses", image: "/images/banners/banner-2.svg" },
  { name: "Free notes for every student", image: "/images/banners/banner-3.svg" },
  { name: "Previous-year papers with solutions", image: "/images/banners/banner-4.svg" },
];

export const seedTestimonials = [
  {
    quote:
      "The partnership chapter used to scare me. After the video lessons I scored 98 in Accountancy and did not lose a single mark in adjustments.",
    name: "Aarav Sharma",
    university: "Class 12 Commerce, Delhi",
  },
  {
    quote:
      "Short, clear notes and the previous-year papers were exactly what I needed in the last month. Economics became my best subject.",
    name: "Ishita Gupta",
    university: "Class 12 Commerce, Jaipur",
  },
  {
    quote:
      "The case study guide taught me how to write answers. My Business Studies marks went from 71 in the half-yearly exam to 100 in the boards.",
    name: "Rohan Iyer",
    university: "Class 12 Commerce, Pune",
  },
  {
    quote: "I joined in Class 11 and the basics of journal and ledger are now second nature. Highly recommended.",
    name: "Sneha Patel",
    university: "Class 11 Commerce, Ahmedabad",
  },
];

export const seedToppers: {
  subject: SubjectKey;
  name: string;
  rank: string;
  badge: string | null;
  badgeColor: string | null;
  borderColor: string | null;
  courseDescription?: string;
}[] = [
  {
    subject: "accountancy",
    name: "Aarav Sharma",
    rank: "98",
    badge: "School Topper",
    badgeColor: "#f59e0b",
    borderColor: "#f59e0b",
    courseDescription: "Accountancy Class 12 course",
  },
  { subject: "accountancy", name: "Kavya Nair", rank: "99", badge: null, badgeColor: null, borderColor: "#2563eb" },
  { subject: "accountancy", name: "Dev Malhotra", rank: "98", badge: null, badgeColor: null, borderColor: "#2563eb" },
  {
    subject: "business_studies",
    name: "Rohan Iyer",
    rank: "100",
    badge: "Perfect Score",
    badgeColor: "#16a34a",
    borderColor: "#16a34a",
    courseDescription: "Business Studies Class 12 course",
  },
  {
    subject: "business_studies",
    name: "Meera Joshi",
    rank: "99",
    badge: null,
    badgeColor: null,
    borderColor: "#2563eb",
  },
  { subject: "business_studies", name: "Arjun Rao", rank: "97", badge: null, badgeColor: null, borderColor: "#2563eb" },
  {
    subject: "economics",
    name: "Ishita Gupta",
    rank: "100",
    badge: "District Topper",
    badgeColor: "#9333ea",
    borderColor: "#9333ea",
    courseDescription: "Economics Class 12 course",
  },
  { subject: "economics", name: "Vivaan Khanna", rank: "98", badge: null, badgeColor: null, borderColor: "#2563eb" },
  { subject: "economics", name: "Ananya Bose", rank: "98", badge: null, badgeColor: null, borderColor: "#2563eb" },
  {
    subject: "english",
    name: "Sneha Patel",
    rank: "99",
    badge: "School Topper",
    badgeColor: "#db2777",
    borderColor: "#db2777",
  },
  { subject: "english", name: "Kabir Sethi", rank: "98", badge: null, badgeColor: null, borderColor: "#2563eb" },
  { subject: "english", name: "Tara Menon", rank: "97", badge: null, badgeColor: null, borderColor: "#2563eb" },
];

export const seedSubjectServices: {
  subject: SubjectKey;
  classLevel: "11" | "12";
  name: string;
  instructor: string;
  services: string[];
}[] = [
  {
    subject: "accountancy",
    classLevel: "11",
    name: "Accountancy Class 11",
    instructor: "Priya Mehta",
    services: ["Video lectures", "Journal and ledger practice sets", "Chapter tests"],
  },
  {
    subject: "accountancy",
    classLevel: "12",
    name: "Accountancy Class 12",
    instructor: "Priya Mehta",
    services: ["Video lectures", "Handwritten partnership notes", "Board paper solutions"],
  },
  {
    subject: "economics",
    classLevel: "11",
    name: "Economics Class 11",
    instructor: "Rahul Verma",
    services: ["Microeconomics lectures", "Statistics project help", "Diagram practice"],
  },
  {
    subject: "economics",
    classLevel: "12",
    name: "Economics Class 12",
    instructor: "Rahul Verma",
    services: ["Macroeconomics lectures", "Numerical practice", "Quick revision notes"],
  },
  {
    subject: "business_studies",
    classLevel: "11",
    name: "Business Studies Class 11",
    instructor: "Anjali Singh",
    services: ["Concept lectures", "Chapter summaries", "Unit tests"],
  },
  {
    subject: "business_studies",
    classLevel: "12",
    name: "Business Studies Class 12",
    instructor: "Anjali Singh",
    services: ["Case study guide", "Answer-writing practice", "Board paper solutions"],
  },
  {
    subject: "english",
    classLevel: "11",
    name: "English Class 11",
    instructor: "Neha Kapoor",
    services: ["Writing skills formats", "Literature summaries", "Grammar practice"],
  },
  {
    subject: "english",
    classLevel: "12",
    name: "English Class 12",
    instructor: "Neha Kapoor",
    services: ["Writing skills formats", "Flamingo and Vistas summaries", "Board paper answer keys"],
  },
];

export const seedCourseHighlight = {
  title: "Accountancy Class 12: Board Exam Mastery",
  subject: "Accountancy",
  instructor: "Priya Mehta",
  image: "/images/covers/accountancy-course.svg",
  services: [
    "Video lessons for every chapter",
    "Partnership notes with solved examples",
    "Sample papers in the board's pattern",
    "Timed mock paper with explanations",
  ],
};
