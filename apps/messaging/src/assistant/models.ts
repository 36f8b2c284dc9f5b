/**
 * The AI assistant's collections: one settings document per network (unique
 * `networkEID`), and one welcome receipt per person (unique `{networkEID, profileEID}`: the welcome
 * message reaches a person at most once, whether a dispatch or an activation sends it). The
 * dispatch itself is claimed once per network by a unique receipt of the network's own EID
 * (FerretDB 1.24 runs a conditional update as read-then-write, so a unique insert decides races).
 */
import { Schema, type Connection, type InferSchemaType, type Model } from 'mongoose';
import { timestamps, type StoredDocument } from '@ncs/service-kit';
import type { ChatStore } from '../chat/models.js';

const settingsSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    companyInfo: { type: String, default: '', maxlength: 255 },
    welcomeMessageAutoSendEnabled: { type: Boolean, default: false },
    welcomeMessageActivatedAt: { type: Date, default: null },
    /** The bot profile (in auth) of the network's assistant; null until created. */
    assistantEID: { type: String, default: null },
  },
  { strict: true, timestamps, collection: 'ai_assistant_settings' },
);
settingsSchema.index({ networkEID: 1 }, { unique: true });

const receiptSchema = new Schema(
  {
    networkEID: { type: String, required: true },
    /** The person welcomed, or the network's EID for the claim of the first dispatch. */
    profileEID: { type: String, required: true },
  },
  { strict: true, timestamps: { createdAt: 'created', updatedAt: false }, collection: 'ai_welcome_receipts' },
);
receiptSchema.index({ networkEID: 1, profileEID: 1 }, { unique: true });

export type AiSettingsDoc = InferSchemaType<typeof settingsSchema> & StoredDocument;
export type WelcomeReceiptDoc = InferSchemaType<typeof receiptSchema> & Omit<StoredDocument, 'lastModified'>;

export interface AssistantModels {
  readonly AiSettings: Model<AiSettingsDoc>;
  readonly WelcomeReceipt: Model<WelcomeReceiptDoc>;
}

export function registerAssistantModels(connection: Connection): AssistantModels {
  return {
    AiSettings: connection.model<AiSettingsDoc>('AiAssistantSettings', settingsSchema),
    WelcomeReceipt: connection.model<WelcomeReceiptDoc>('AiWelcomeReceipt', receiptSchema),
  };
}

/** What the AI assistant works with: its settings, and chat (it answers in conversations). */
export interface AssistantStore extends ChatStore {
  readonly assistant: AssistantModels;
}
