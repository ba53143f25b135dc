import { API } from '@c2c/shared';
import { upload } from './api';

/** Stores an image (a payment proof, a chat image) and answers its id and url (contract: attach/upload). */
export const uploadImage = (file: File) => upload(API.upload, file, { catch: true });
