/** Business Studies: the case study guide (Class 12) and a sample paper in the board's pattern. */
import { answerKey, h, notes, p, paper, points, q, SAMPLE_PAPER_AR_OPTIONS, type SampleDocument, table } from "./types";

const caseGuide = notes("business_studies", "12", [
  {
    title: "Reading a case",
    blocks: [
      p(
        "A case-based question describes a business situation and asks you to identify a concept (a principle, a function, a type of plan or an element of the marketing mix) and explain it. Marks are given for naming the concept, quoting the line of the case that points to it, and explaining it.",
      ),
      table({
        caption: "Format: a 4-mark case answer",
        head: ["Part of the answer", "What to write", "Marks"],
        widths: [0.28, 0.56, 0.16],
        rows: [
          ["Identify", "Name the concept exactly, e.g. 'Unity of command'", "1"],
          ["Quote", "Copy the line of the case that shows it, in quotation marks", "1"],
          ["Explain", "Meaning in two or three sentences, with its effect", "2"],
        ],
      }),
      points(
        "Read the question first, then the case: you then know what to look for.",
        "Underline the clue words: 'two bosses', 'fixed time for each job', 'price lower than rivals'.",
        "Do not identify more concepts than asked; the first ones written are marked.",
      ),
      h("Solved example"),
      p(
        "Case: 'At Sunrise Foods, a packing worker receives orders from both the production supervisor and the sales manager, and is unsure whose instructions to follow.' Identify the principle violated. (3 marks)",
      ),
      p(
        "Answer: Unity of command (1). Quote: 'receives orders from both the production supervisor and the sales manager' (1). Each employee should receive orders from one superior only; dual subordination causes confusion and weakens discipline (1).",
      ),
    ],
  },
  {
    title: "Principles of management cases",
    blocks: [
      p(
        "Henri Fayol gave fourteen general principles of management and F. W. Taylor the principles and techniques of scientific management. Cases usually describe one principle at work or one being violated.",
      ),
      table({
        caption: "Format: Fayol's principles and their clue words",
        head: ["Principle", "Clue in the case"],
        widths: [0.35, 0.65],
        rows: [
          ["Division of work", "Work divided into small tasks given to specialists"],
          ["Unity of command", "One employee, one boss"],
          ["Unity of direction", "One head and one plan for activities with the same objective"],
          ["Scalar chain", "Communication along the line of authority; gang plank in an emergency"],
          ["Order", "A place for everything and everyone, and each in its place"],
          ["Equity", "Kindness and justice to all, no discrimination"],
          ["Stability of tenure", "Employees not removed within a short time"],
          ["Esprit de corps", "Team spirit, 'we' in place of 'I'"],
        ],
      }),
      table({
        caption: "Taylor's techniques of scientific management",
        head: ["Technique", "Purpose"],
        widths: [0.35, 0.65],
        rows: [
          ["Functional foremanship", "Eight specialist foremen: four in planning, four in production"],
          ["Time study", "The standard time for a well-defined job"],
          ["Motion study", "Remove needless movements"],
          ["Differential piece wage", "Higher rate for workers who reach the standard output"],
        ],
      }),
      h("Solved example"),
      p(
        "Case: 'Workers who pack 100 boxes a day get ₹5 a box; those who pack fewer get ₹4 a box.' Technique: differential piece wage system. A worker packing 100 boxes earns 100 x 5 = ₹500; one packing 90 boxes earns 90 x 4 = ₹360. The gap of ₹140 rewards efficient workers and pushes others to reach the standard.",
      ),
    ],
  },
  {
    title: "Marketing cases",
    blocks: [
      p(
        "The marketing mix is the set of marketing tools a firm uses to reach its target market: product, price, place (physical distribution) and promotion, the four Ps. Case questions ask which element a decision belongs to, or which factor of pricing or channel choice is at work.",
      ),
      table({
        caption: "Format: the four Ps and their components",
        head: ["Element", "Components", "Clue in the case"],
        widths: [0.18, 0.42, 0.4],
        rows: [
          ["Product", "Branding, labelling, packaging, quality", "New flavour, pack size, brand name, label"],
          ["Price", "Cost, demand, competition, objectives", "Price lower than rivals, discount, credit terms"],
          ["Place", "Channels of distribution, physical distribution", "Wholesalers, retailers, warehouses, transport"],
          [
            "Promotion",
            "Advertising, personal selling, sales promotion, public relations",
            "TV advertisement, free sample, demonstrations",
          ],
        ],
      }),
      h("Solved example"),
      p(
        "Case: 'GreenLeaf Tea launched a 50 g pouch priced at ₹10 for rural buyers, delivered through village grocers, and gave a free cup with every 500 g pack in cities.'",
      ),
      points(
        "Product: the 50 g pouch is a packaging decision (size suited to rural buyers).",
        "Price: ₹10 keeps the pack within the buyer's means.",
        "Place: village grocers are the retail channel.",
        "Promotion: a free cup with a pack is sales promotion (a premium offer).",
      ),
    ],
  },
]);

const paper12 = paper("business_studies", "12", [
  {
    title: "Part A: Principles and Functions of Management",
    blocks: [
      p("Time allowed: 1 hour 30 minutes. Maximum marks: 40 (a half-length paper: Part A 20 marks, Part B 20 marks)."),
      h("General instructions"),
      points(
        "All questions are compulsory. Questions 1 to 7 and 11 to 17 carry 1 mark each; marks of the other questions are shown against them.",
        "Answers to 3-mark questions should be about 50 to 75 words, 4-mark answers about 150 words and 6-mark answers about 200 words.",
      ),
      q("1", 1, "Management is a continuous process because:", [
        "its functions are performed all the time",
        "it is needed only in business",
        "it is done by top managers only",
        "it ends when targets are met",
      ]),
      q("2", 1, "Which principle says that each employee should receive orders from one superior only?", [
        "Unity of direction",
        "Unity of command",
        "Scalar chain",
        "Centralisation",
      ]),
      q("3", 1, "Which technique of scientific management finds the standard time for a job?", [
        "Motion study",
        "Time study",
        "Fatigue study",
        "Method study",
      ]),
      q(
        "4",
        1,
        "Assertion (A): Planning is a primary function of management. Reason (R): Planning precedes all the other functions of management.",
        SAMPLE_PAPER_AR_OPTIONS,
      ),
      q("5", 1, "A plan that is used only once, for a particular occasion, is:", [
        "a policy",
        "a budget",
        "a rule",
        "a procedure",
      ]),
      q("6", 1, "Training given away from the work floor, on equipment like the real one set up for the purpose, is:", [
        "apprenticeship training",
        "vestibule training",
        "induction training",
        "internship",
      ]),
      q("7", 1, "Which is a financial incentive?", [
        "Job security",
        "Profit sharing",
        "Job enrichment",
        "Employee recognition",
      ]),
      q("8", 3, "State any three points of importance of management."),
      q(
        "9",
        4,
        "Reena, a production manager, noticed that workers wasted time walking to a distant store for tools. She had tools kept near each machine and fixed a place for every item. Identify and explain the principle of management she applied.",
      ),
      q("10", 6, "Explain any four steps in the process of staffing."),
    ],
  },
  {
    title: "Part B: Business Finance and Marketing",
    blocks: [
      q("11", 1, "A decision about the proportion of debt and equity in a firm's capital is:", [
        "an investment decision",
        "a financing decision",
        "a dividend decision",
        "a working capital decision",
      ]),
      q("12", 1, "The primary market deals in:", [
        "new securities",
        "existing securities",
        "foreign currency",
        "commodities only",
      ]),
      q("13", 1, "Which of these is an element of the marketing mix?", ["Place", "Planning", "Profit", "Personnel"]),
      q("14", 1, "A label on a packet of biscuits giving its ingredients and date of expiry serves to:", [
        "describe the product",
        "fix its price",
        "choose the channel",
        "train salesmen",
      ]),
      q(
        "15",
        1,
        "Assertion (A): Financial leverage raises the return on equity when the return on investment is higher than the rate of interest. Reason (R): Debt carries a fixed rate of interest.",
        SAMPLE_PAPER_AR_OPTIONS,
      ),
      q("16", 1, "Under the Consumer Protection Act, 2019, a complaint about goods worth ₹30 lakh is filed with the:", [
        "District Commission",
        "State Commission",
        "National Commission",
        "Supreme Court",
      ]),
      q("17", 1, "The right of a consumer to be protected against goods that are hazardous to life is the right to:", [
        "safety",
        "choose",
        "be heard",
        "seek redressal",
      ]),
      q("18", 3, "State any three factors that affect the fixed capital requirement of a business."),
      q(
        "19",
        4,
        "FreshBake sells cakes at prices a little below its rivals, supplies them to retailers through its own vans, and gives away a free cookie with every cake during the festival week. Identify the elements of the marketing mix in these decisions.",
      ),
      q("20", 6, "Explain any six rights of a consumer under the Consumer Protection Act, 2019."),
    ],
  },
  {
    title: "Marking scheme and answers",
    blocks: [
      answerKey("Answer key: objective questions", [
        ["1", "(a)", "Planning, organising, staffing, directing and controlling go on all the time."],
        ["2", "(b)", "One employee, one boss."],
        ["3", "(b)", "Time study sets the standard time."],
        ["4", "(a)", "R explains why planning is primary."],
        ["5", "(b)", "A budget is a single-use plan."],
        ["6", "(b)", "Vestibule training uses a replica of the real set-up."],
        ["7", "(b)", "Profit sharing is paid in money."],
        ["11", "(b)", "Financing decisions settle the sources of funds."],
        ["12", "(a)", "New issues are sold in the primary market."],
        ["13", "(a)", "Product, price, place and promotion."],
        ["14", "(a)", "A label describes the product and its use."],
        ["15", "(a)", "Fixed interest leaves the surplus to shareholders."],
        ["16", "(a)", "₹30 lakh is within the District Commission's limit."],
        ["17", "(a)", "The right to safety."],
      ]),
      h("Q9 (4 marks)"),
      p(
        "Principle: Order (1). Quote: 'had tools kept near each machine and fixed a place for every item' (1). Explanation: there should be a place for everything and everyone, and each should be in its place; it saves time looking for materials and keeps work moving (2).",
      ),
      h("Q18 (3 marks)"),
      p(
        "Any three: nature of business (a trading concern needs less fixed capital than a manufacturer), scale of operations, choice of technique, technology upgradation, growth prospects, diversification, financing alternatives (leasing), level of collaboration.",
      ),
      h("Q19 (4 marks)"),
      table({
        head: ["Decision in the case", "Element", "Marks"],
        widths: [0.5, 0.3, 0.2],
        rows: [
          ["Prices a little below rivals", "Price", "1"],
          ["Supplies retailers in its own vans", "Place (physical distribution)", "1"],
          ["A free cookie with every cake", "Promotion (sales promotion)", "1"],
          ["Cakes as the offering", "Product", "1"],
        ],
      }),
    ],
  },
]);

export const businessStudiesDocuments: SampleDocument[] = [caseGuide, paper12];
