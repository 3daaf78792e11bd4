export interface Section {
  title: string;
  paragraphs: string[];
  bullets?: string[];
}

export interface Faq {
  question: string;
  answer: string;
}

export interface Card {
  title: string;
  text: string;
}

export interface Step {
  title: string;
  text: string;
}

export interface Testimonial {
  quote: string;
  name: string;
  role: string;
  place: string;
}

export interface Founder {
  name: string;
  role: string;
  bio: string;
}
